/** '1 permiso' / 'N permisos', with an optional trailing word agreeing in number ('seleccionado(s)'). */
export function permissionCount(n: number, adjective?: 'seleccionado'): string {
  const noun = n === 1 ? 'permiso' : 'permisos';
  const tail = adjective ? ` ${adjective}${n === 1 ? '' : 's'}` : '';
  return `${n} ${noun}${tail}`;
}
