import { describe, expect, test } from 'vitest';
import { syncTransportOver } from '../../../client/sync/transport';
import { encodePullResponse } from '../../../shared/sync/columnar';
import { PULL_HEADERS } from '../../../shared/sync/pull-headers';
import { loanFixture, page } from '../helpers/sync-fixtures';

const answer = (headers: Record<string, string>) => {
  const { loan } = loanFixture(4);
  const body = encodePullResponse(
    page('s1.9.5.4.0.1.0', { loans: [loan] }, { hasMore: true }),
    'columnas-delta',
  );
  return {
    loan,
    res: new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json', ...headers } }),
  };
};

const noJsonPost = () => Promise.reject(new Error('no se pide el JSON'));

describe('the sync transport', () => {
  test("a pull answers the next cursor from the answer's headers, and the decoded page after", async () => {
    const { loan, res } = answer({ [PULL_HEADERS.cursor]: 's1.9.5.4.0.1.0', [PULL_HEADERS.hasMore]: '1' });
    const transport = syncTransportOver(noJsonPost, async () => res);
    const { next, page: body } = await transport.pullAhead!({ clientId: 'c', cursor: null, limit: 5 });
    expect(next).toEqual({ cursor: 's1.9.5.4.0.1.0', hasMore: true, reset: false });
    const decoded = await body;
    expect(decoded.changes.loans).toEqual([loan]);
    expect(decoded.cursor).toBe('s1.9.5.4.0.1.0');
  });

  test('an answer without them (an older server) names no next cursor: the page does', async () => {
    const { res } = answer({});
    const transport = syncTransportOver(noJsonPost, async () => res);
    const { next, page: body } = await transport.pullAhead!({ clientId: 'c', cursor: null, limit: 5 });
    expect(next).toBeNull();
    expect((await body).hasMore).toBe(true);
  });

  test('a reset travels in the headers too', async () => {
    const { res } = answer({
      [PULL_HEADERS.cursor]: 's1.9.5.4.0.1.0',
      [PULL_HEADERS.hasMore]: '1',
      [PULL_HEADERS.reset]: '1',
    });
    const transport = syncTransportOver(noJsonPost, async () => res);
    expect((await transport.pullAhead!({ clientId: 'c', cursor: 'viejo', limit: 5 })).next?.reset).toBe(true);
  });
});
