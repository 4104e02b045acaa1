// 'Compartir' of 'Estado de cuenta' (docs/producto.md §2.23): the statement as plain text for WhatsApp or a
// message, the same figures the screen shows; to the phone's share sheet, or to the clipboard without one (as
// 'Compartir recibo' does, client/features/cobranza/receipt-text.ts).
import { formatDate } from '../../../shared/dates';
import { formatCents, formatMoney } from '../../../shared/money';
import type { Statement } from './statement-model';
import { ROW_STATE_TEXT, statementTexts as t } from './statement-texts';

export function statementText(s: Statement, negocio: string): string {
  const { figures } = s;
  const lines = [
    `${negocio} · ${t.titulo}`,
    `${t.cliente}: ${s.client?.nombre ?? '—'} (${s.loan.loan_reference})`,
    `${s.municipalityName ? `${t.municipio}: ${s.municipalityName} · ` : ''}${t.al(formatDate(s.at))}`,
    `${t.credito}: ${formatMoney(s.loan.monto_credito)} · ${t.conInteres}: ${formatMoney(s.loan.monto_con_interes)}`,
    `${t.abono}: ${formatMoney(s.loan.abono)} (${s.loan.modalidad_pago})`,
    `${t.pagado}: ${formatCents(figures.received)}`,
    `${t.saldo}: ${formatCents(figures.outstanding)}`,
    `${t.atraso}: ${
      figures.arrears.rows > 0
        ? t.atrasoValor(figures.arrears.rows, formatCents(figures.arrears.amount), figures.daysLate)
        : t.alCorriente
    }`,
    `${t.aCobrar}: ${figures.dueThisWeek > 0 ? formatCents(figures.dueThisWeek) : t.cubierto}`,
    `${t.proximo}: ${
      s.nextDue
        ? t.proximoValor(
            s.nextDue.numero_pago,
            formatDate(s.nextDue.fecha_pago),
            formatCents(s.nextDue.amount),
          )
        : t.sinProximo
    }`,
    '',
    `${t.pagos}:`,
  ];
  if (s.earlier)
    lines.push(
      `${s.earlier.before ? t.anteriores(formatDate(s.earlier.before)) : t.anterioresSinFecha}: ${formatCents(s.earlier.amount)}`,
    );
  for (const p of s.payments) lines.push(`${formatDate(p.fecha)} · ${formatCents(p.amount)} · ${p.who}`);
  if (s.payments.length === 0 && !s.earlier) lines.push(t.sinPagos);
  lines.push('', `${t.calendario}:`);
  for (const r of s.rows)
    lines.push(
      `${r.numero} · ${formatDate(r.fecha)} · ${formatCents(r.monto)} · ${ROW_STATE_TEXT[r.estado]}${
        r.estado === 'parcial' || (r.estado === 'atrasado' && r.pagado > 0)
          ? ` (${t.pagado.toLowerCase()} ${formatCents(r.pagado)})`
          : ''
      }`,
    );
  return lines.join('\n');
}

export type ShareOutcome = 'compartido' | 'copiado' | 'cancelado' | 'sin-opcion';

/** The share sheet where there is one (it works offline: WhatsApp queues the message), else the clipboard. */
export async function shareStatement(text: string): Promise<ShareOutcome> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: t.titulo, text });
      return 'compartido';
    } catch (err) {
      if (err instanceof DOMException && err.name === 'AbortError') return 'cancelado';
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    return 'copiado';
  } catch {
    return 'sin-opcion';
  }
}
