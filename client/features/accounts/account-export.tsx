import { Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import type { Account } from '../../../shared/accounts/types';
import { errorMessage } from '../../session/api-client';
import { downloadFile } from '../../ui/download-file';
import { toastError } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { accountTexts } from './account-texts';

const FORMATS = ['xlsx', 'json'] as const;
type Format = (typeof FORMATS)[number];

/**
 * 'Exportar (.xlsx)' and 'Exportar (.json)' on an account's row (docs/producto.md §2.13): everything the account
 * holds, made by the server from one snapshot (GET /api/accounts/:id/export), so they need a connection, as
 * every export does; a failure is toasted with its reason.
 */
export function AccountExportButtons({ account }: { account: Account }) {
  const online = useOnline();
  const [busy, setBusy] = useState<Format | null>(null);
  const download = async (formato: Format) => {
    setBusy(formato);
    try {
      await downloadFile(`accounts/${account.id}/export`, `prestamos-cuenta-${account.id}.${formato}`, {
        formato,
      });
    } catch (error) {
      toastError(`${accountTexts.exportarError}: ${errorMessage(error)}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <HStack gap="2" wrap="wrap" className="no-print">
      {FORMATS.map((formato) => (
        <Button
          key={formato}
          size={{ base: 'md', md: 'sm' }}
          minH={{ base: '11', md: 'auto' }}
          variant="outline"
          aria-label={`Exportar (.${formato}) ${account.name}`}
          title={online ? undefined : accountTexts.exportarSinConexion}
          onClick={() => download(formato)}
          loading={busy === formato}
          loadingText={accountTexts.exportando}
          disabled={!online || (busy !== null && busy !== formato)}
        >
          Exportar (.{formato})
        </Button>
      ))}
    </HStack>
  );
}
