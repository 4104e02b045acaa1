// How 'the server cannot be reached' reads to the user (docs/sincronizacion.md §7): the network says it is on,
// but runs fail before the server answers (a dead link, a captive portal, the server down). Since when is the
// first failed run after the last one that reached it, in the phone's own clock.

const clock = new Intl.DateTimeFormat('es-MX', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const dayMonth = new Intl.DateTimeFormat('es-MX', { day: '2-digit', month: '2-digit' });

export interface UnreachableText {
  /** For the header, short enough for a phone: '10:42' the same day, else '19/11'. */
  since: string;
  /** 'Sin servidor · 10:42'. */
  label: string;
  /** 'Sin conexión con el servidor desde las 10:42' (or 'desde el 19/11 a las 10:42'). */
  detail: string;
}

export function unreachableText(sinceIso: string, now: number): UnreachableText {
  const at = new Date(sinceIso);
  const time = clock.format(at);
  // 'a la 1:05', 'a las 10:42'.
  const hour = `${at.getHours() === 1 ? 'la' : 'las'} ${time}`;
  const sameDay = at.toDateString() === new Date(now).toDateString();
  const since = sameDay ? time : dayMonth.format(at);
  return {
    since,
    label: `Sin servidor · ${since}`,
    detail: `Sin conexión con el servidor desde ${sameDay ? hour : `el ${since} a ${hour}`}`,
  };
}
