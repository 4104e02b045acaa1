/** What `npm run backup` / `npm run restore` and the server's backup listener say (decision 024). */
export const backupMessages = {
  usoRestaurar: 'Uso: npm run restore <archivo .tar.gz de npm run backup>',
  tokenInvalido: 'Llave de respaldo inválida: solo `npm run backup` en esta máquina puede pedir un respaldo.',
  noEncontrado: 'Ruta desconocida: este puerto solo atiende `npm run backup`.',
  enCurso: 'Ya se está escribiendo un respaldo; espere a que termine.',
  arrancando: 'El servidor todavía está abriendo la base de datos; intente en unos segundos.',
  fallo: (detalle: string) => `No se pudo leer la base de datos para el respaldo: ${detalle}`,
  sinBase: (dir: string) =>
    `No hay base de datos embebida en ${dir}: arranque el servidor una vez (npm start) o revise DATA_DIR.`,
  servidorNoResponde: (dir: string, detalle: string) =>
    `El servidor de ${dir} no respondió al pedir el respaldo (${detalle}). Revise que siga corriendo y ` +
    'vuelva a intentar.',
  respaldoIncompleto: 'El respaldo llegó incompleto; no se guardó. Vuelva a intentar.',
  respaldoEscrito: (file: string, mb: string, s: string, how: string) =>
    `Respaldo escrito: ${file} (${mb} MB en ${s} s, ${how}).`,
  desdeServidor: 'copiado por el servidor en marcha',
  sinServidor: 'con el servidor detenido',
  conPgDump: 'pg_dump de DATABASE_URL',
  sinPgDump:
    'No se encontró pg_dump. Instale el cliente de PostgreSQL de la versión del servidor o mayor ' +
    '(Debian/Ubuntu: sudo apt install postgresql-client) o defina PG_DUMP con su ruta.',
  pgDumpFallo: (code: string) => `pg_dump terminó con error (${code}); no se guardó el respaldo.`,
  restaurarConPostgres:
    'Con DATABASE_URL la base es de PostgreSQL: restaure con pg_restore como dice el README ("Sus datos"). ' +
    '`npm run restore` es para la base embebida (sin DATABASE_URL).',
  archivoNoExiste: (file: string) => `No existe el archivo ${file}.`,
  servidorCorriendo: (dir: string, pid: number) =>
    `El servidor está corriendo con DATA_DIR=${dir} (proceso ${pid}): deténgalo (Ctrl+C en su terminal o ` +
    'el servicio que lo arrancó) y vuelva a correr npm run restore. No se cambió nada.',
  mantenimientoEnCurso: (dir: string, pid: number, lock: string) =>
    `Otro respaldo o restauración está usando ${dir} (proceso ${pid}). Espere a que termine; si ese proceso ` +
    `ya no existe, borre ${lock}.`,
  servidorNoArranca: (dir: string, pid: number, lock: string) =>
    `Se está respaldando o restaurando ${dir} (npm run backup/restore, proceso ${pid}): arranque el servidor ` +
    `cuando termine. Si ese proceso ya no existe, borre ${lock}.`,
  noEsRespaldo: (file: string, detalle: string) =>
    `${file} no es un respaldo de la base embebida (${detalle}). No se cambió nada.`,
  restaurado: (file: string, dir: string) => `Restaurado ${file} en ${dir}.`,
  anteriorGuardado: (old: string) =>
    `Los datos que había quedaron en ${old}; bórrelos cuando ya no los necesite.`,
  arranque: 'Arranque el servidor con npm start.',
} as const;
