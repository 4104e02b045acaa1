// 'Estado de cuenta' (/loans/:loanId/estado-de-cuenta, docs/producto.md §2.23, decision 028): the client's schedule,
// payments and figures, from the device store like the Cobranza card (so it opens with no signal), shared as text
// or printed on one portrait page.
import { Alert, Button } from '@chakra-ui/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { type ReactNode, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { businessToday, formatDate } from '../../../shared/dates';
import type { Loan } from '../../../shared/loans/types';
import { formatCents, formatMoney } from '../../../shared/money';
import type { LedgerEntry } from '../../../shared/payments/types';
import { PAYMENT_EVENT_DAYS } from '../../../shared/sync/types';
import { useApiData } from '../../session/use-api-data';
import { useSession } from '../../session/use-session';
import { useLocalStore } from '../../store/local-store-context';
import { CenteredSpinner } from '../../ui/centered-spinner';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { readKnownNames, readStatementData, rememberNames, serverStatementData } from './read-statement';
import { type Statement, statementOf } from './statement-model';
import { shareStatement, statementText } from './statement-text';
import { ROW_STATE_TEXT, statementTexts as t } from './statement-texts';
import './estado-de-cuenta.css';

export function EstadoDeCuentaPage() {
  const raw = Number(useParams().loanId);
  const loanId = Number.isSafeInteger(raw) && raw > 0 ? raw : null;
  const { user } = useSession();
  const { db, userId } = useLocalStore();
  const online = useOnline();
  const navigate = useNavigate();
  const location = useLocation();
  const device = useLiveQuery(
    () =>
      readStatementData(db, loanId ?? 0).then(
        (data) => ({ loanId, data, error: null }),
        (error: unknown) => ({
          loanId,
          data: null,
          error: error instanceof Error ? error.message : String(error),
        }),
      ),
    [db, loanId],
  );
  const read = device?.loanId === loanId ? device : undefined;
  const missing = loanId !== null && read !== undefined && read.data === null && read.error === null;
  // A loan the device does not keep (closed long ago) is read from the server while online.
  const server = useApiData<{ data: Loan }>(missing && online ? `loans/${loanId}` : null);
  const data = read?.data ?? (missing && server.data ? serverStatementData(server.data.data) : null);
  // Online, the server's whole ledger says who recorded each payment, since the first one; offline (or if it
  // fails) the list is the phone's.
  const ledger = useApiData<{ data: LedgerEntry[] }>(
    online && loanId !== null ? `loans/${loanId}/payments` : null,
  );
  const ledgerEntries = ledger.data?.data ?? null;
  const names = useMemo(() => {
    const known = ledgerEntries ? rememberNames(userId, ledgerEntries) : readKnownNames(userId);
    if (user) known.set(user.id, user.name);
    return known;
  }, [ledgerEntries, userId, user]);
  const today = businessToday();
  const statement = useMemo(
    () => (data ? statementOf({ ...data, ledger: ledgerEntries, names }, today) : null),
    [data, ledgerEntries, names, today],
  );

  // Back where the user came from (the card or the detail); opened by its address, to the loan's detail.
  const back = () => (location.key === 'default' ? navigate(`/loans?loan=${loanId ?? ''}`) : navigate(-1));
  const backButton = (
    <Button variant="outline" size={{ base: 'lg', md: 'md' }} onClick={back} className="no-print">
      ← {t.volver}
    </Button>
  );

  if (loanId === null) return <ErrorState title={t.titulo} message={t.noEncontrado} />;
  if (statement)
    return (
      <StatementView
        statement={statement}
        negocio={user?.account_name ?? ''}
        back={backButton}
        online={online}
      />
    );
  if (missing && !online)
    return (
      <div className="statement">
        {backButton}
        <Alert.Root status="warning" borderRadius="lg">
          <Alert.Indicator />
          <Alert.Title>{t.sinCopia}</Alert.Title>
        </Alert.Root>
      </div>
    );
  const error = read?.error ?? (missing ? server.error : null);
  if (error) return <ErrorState title={t.errorCarga} message={error} onRetry={server.reload} />;
  return <CenteredSpinner label={t.cargando} />;
}

function StatementView({
  statement: s,
  negocio,
  back,
  online,
}: {
  statement: Statement;
  negocio: string;
  back: ReactNode;
  online: boolean;
}) {
  const share = () =>
    void shareStatement(statementText(s, negocio)).then((outcome) => {
      if (outcome === 'copiado') toastSuccess(t.copiado);
      if (outcome === 'sin-opcion') toastError(t.sinOpcion);
    });
  const { figures } = s;
  return (
    <div className="statement" data-testid="statement">
      <div className="no-print">
        <PageHeader
          title={t.titulo}
          subtitle={`${s.client?.nombre ?? ''} · ${s.loan.loan_reference}`}
          actions={
            <>
              {back}
              <Button variant="outline" size={{ base: 'lg', md: 'md' }} onClick={() => window.print()}>
                {t.imprimir}
              </Button>
              <Button colorPalette="teal" size={{ base: 'lg', md: 'md' }} onClick={share}>
                {t.compartir}
              </Button>
            </>
          }
        />
      </div>
      <article className="statement-sheet" aria-label={t.titulo}>
        {/* Not a <header>: the print rules drop the app's headers (client/ui/global.css). */}
        <div className="statement-head">
          <span className="statement-business">{negocio}</span>
          {/* The screen's heading is the page header's; this one is what the paper says. */}
          <p className="statement-title">{t.titulo}</p>
          <span data-testid="statement-date">{t.al(formatDate(s.at))}</span>
        </div>
        <div className="statement-columns">
          <section aria-labelledby="statement-cliente">
            <h2 id="statement-cliente">{t.cliente}</h2>
            <dl className="statement-pairs">
              <dt>{t.cliente}</dt>
              <dd data-testid="statement-client">{s.client?.nombre ?? '—'}</dd>
              {s.client?.telefono && (
                <>
                  <dt>{t.telefono}</dt>
                  <dd>{s.client.telefono}</dd>
                </>
              )}
              <dt>{t.municipio}</dt>
              <dd>{s.municipalityName ?? '—'}</dd>
              <dt>{t.referencia}</dt>
              <dd>
                {s.loan.loan_reference} · {t.grupo} {s.loan.grupo}
              </dd>
              <dt>{t.credito}</dt>
              <dd>{formatMoney(s.loan.monto_credito)}</dd>
              <dt>{t.conInteres}</dt>
              <dd>{formatMoney(s.loan.monto_con_interes)}</dd>
              <dt>{t.abono}</dt>
              <dd>
                {formatMoney(s.loan.abono)} ({s.loan.modalidad_pago})
              </dd>
              <dt>{t.inicio}</dt>
              <dd>{formatDate(s.loan.fecha_inicio)}</dd>
              <dt>{t.fin}</dt>
              <dd>{formatDate(s.loan.fecha_fin)}</dd>
            </dl>
          </section>
          <section aria-labelledby="statement-resumen">
            <h2 id="statement-resumen">{t.resumen}</h2>
            <dl className="statement-pairs">
              <dt>{t.pagado}</dt>
              <dd data-testid="statement-pagado">{formatCents(figures.received)}</dd>
              <dt>{t.saldo}</dt>
              <dd className="statement-key" data-testid="statement-saldo">
                {formatCents(figures.outstanding)}
              </dd>
              <dt>{t.atraso}</dt>
              <dd data-testid="statement-atraso">
                {figures.arrears.rows > 0
                  ? t.atrasoValor(figures.arrears.rows, formatCents(figures.arrears.amount), figures.daysLate)
                  : t.alCorriente}
              </dd>
              <dt>{t.aCobrar}</dt>
              <dd className="statement-key" data-testid="statement-a-cobrar">
                {figures.dueThisWeek > 0 ? formatCents(figures.dueThisWeek) : t.cubierto}
              </dd>
              <dt>{t.proximo}</dt>
              <dd data-testid="statement-proximo">
                {s.nextDue
                  ? t.proximoValor(
                      s.nextDue.numero_pago,
                      formatDate(s.nextDue.fecha_pago),
                      formatCents(s.nextDue.amount),
                    )
                  : t.sinProximo}
              </dd>
              <dt>{t.saldoALiquidar}</dt>
              <dd data-testid="statement-saldo-liquidar">{formatCents(figures.saldoALiquidar)}</dd>
            </dl>
          </section>
        </div>
        <Payments statement={s} online={online} />
        <Schedule statement={s} />
      </article>
    </div>
  );
}

function Payments({ statement: s, online }: { statement: Statement; online: boolean }) {
  return (
    <section aria-labelledby="statement-pagos" data-testid="statement-payments">
      <h2 id="statement-pagos">{t.pagos}</h2>
      {s.payments.length === 0 && !s.earlier ? (
        <p>{t.sinPagos}</p>
      ) : (
        <table className="statement-table">
          <thead>
            <tr>
              <th scope="col">{t.fecha}</th>
              <th scope="col" className="statement-money">
                {t.monto}
              </th>
              <th scope="col">{t.registro}</th>
              {s.source === 'servidor' && (
                <th scope="col" className="statement-wide">
                  {t.filas}
                </th>
              )}
            </tr>
          </thead>
          <tbody>
            {s.earlier && (
              <tr data-testid="statement-earlier">
                <td className="statement-muted">
                  {s.earlier.before ? t.anteriores(formatDate(s.earlier.before)) : t.anterioresSinFecha}
                </td>
                <td className="statement-money">{formatCents(s.earlier.amount)}</td>
                <td />
              </tr>
            )}
            {s.payments.map((p) => (
              <tr key={p.receiptId} data-testid="statement-payment" data-pending={p.pending}>
                <td className="statement-date">{formatDate(p.fecha)}</td>
                <td className="statement-money">{formatCents(p.amount)}</td>
                <td>
                  {p.who}
                  {p.pending && <span className="statement-muted"> ({t.porSincronizar})</span>}
                </td>
                {s.source === 'servidor' && <td className="statement-wide">{p.rows?.join(', ') || '—'}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {!online && s.source === 'telefono' && (
        <p className="statement-note no-print">{t.ventanaTelefono(PAYMENT_EVENT_DAYS)}</p>
      )}
    </section>
  );
}

function Schedule({ statement: s }: { statement: Statement }) {
  return (
    <section aria-labelledby="statement-calendario" data-testid="statement-schedule">
      <h2 id="statement-calendario">{t.calendario}</h2>
      <table className="statement-table">
        <thead>
          <tr>
            <th scope="col">{t.numero}</th>
            <th scope="col">{t.vence}</th>
            <th scope="col" className="statement-money">
              {t.monto}
            </th>
            <th scope="col" className="statement-money">
              {t.pagado}
            </th>
            <th scope="col" className="statement-money statement-wide">
              {t.falta}
            </th>
            <th scope="col">{t.estado}</th>
            <th scope="col" className="statement-wide">
              {t.fechaPagada}
            </th>
          </tr>
        </thead>
        <tbody>
          {s.rows.map((r) => (
            <tr key={r.numero} data-testid="statement-row" data-estado={r.estado}>
              <td>{r.numero}</td>
              <td className="statement-date">{formatDate(r.fecha)}</td>
              <td className="statement-money">{formatCents(r.monto)}</td>
              <td className="statement-money">{r.pagado > 0 ? formatCents(r.pagado) : '—'}</td>
              <td className="statement-money statement-wide">{r.falta > 0 ? formatCents(r.falta) : '—'}</td>
              <td className={r.estado === 'atrasado' ? 'statement-late' : undefined}>
                {ROW_STATE_TEXT[r.estado]}
              </td>
              <td className="statement-date statement-wide">
                {r.fechaPagada ? formatDate(r.fechaPagada) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
