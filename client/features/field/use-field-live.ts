// 'En campo' stays current (decision 030): the server's event stream says when a push arrived, and the screen reads
// again; when the stream cannot be kept (no connection, a proxy that cuts it) the screen reads every 30 s and
// tries the stream again a minute later. The stream carries no figures: they always come from the scoped read.
import { useEffect, useRef, useState } from 'react';
import { FIELD_EVENT } from '../../../shared/field/types';
import { apiStream } from '../../session/api-client';

export const POLL_MS = 30_000;
const RETRY_STREAM_MS = 60_000;

export type LiveMode = 'conectando' | 'en-vivo' | 'consulta';

/** Calls `onChange` whenever the field changed; answers how the screen is kept current. */
export function useFieldLive(onChange: () => void): LiveMode {
  const [mode, setMode] = useState<LiveMode>('conectando');
  const latest = useRef(onChange);
  latest.current = onChange;

  useEffect(() => {
    let stopped = false;
    let controller: AbortController | null = null;
    let poll: ReturnType<typeof setInterval> | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;

    const polling = (on: boolean) => {
      if (on && !poll) poll = setInterval(() => latest.current(), POLL_MS);
      if (!on && poll) {
        clearInterval(poll);
        poll = null;
      }
    };

    const connect = async () => {
      controller = new AbortController();
      try {
        const res = await apiStream('field/events', controller.signal);
        const reader = res.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        setMode('en-vivo');
        polling(false);
        for (;;) {
          const { value, done } = await reader.read();
          if (done || stopped) break;
          buffer += decoder.decode(value, { stream: true });
          const events = buffer.split('\n\n');
          buffer = events.pop() ?? '';
          if (events.some((e) => e.split('\n').includes(`event: ${FIELD_EVENT}`))) latest.current();
        }
      } catch {
        // Offline, refused or cut: polling below keeps the screen current.
      }
      if (stopped) return;
      setMode('consulta');
      polling(true);
      // What may have happened while the stream was down.
      latest.current();
      retry = setTimeout(() => void connect(), RETRY_STREAM_MS);
    };
    void connect();
    return () => {
      stopped = true;
      controller?.abort();
      polling(false);
      if (retry) clearTimeout(retry);
    };
  }, []);
  return mode;
}
