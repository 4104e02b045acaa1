// 'Ajustes de la cuenta' (docs/producto.md §2.26, decision 029): what the account's administrator
// (USUARIOS_GESTIONAR) decides for the whole account. Online only, like every office catalogue.
import { Alert, Card, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { AccountSettings } from '../../../shared/location/types';
import { apiPut, errorMessage } from '../../session/api-client';
import { useApiData } from '../../session/use-api-data';
import { ErrorState } from '../../ui/error-state';
import { PageHeader } from '../../ui/page-header';
import { toastError, toastSuccess } from '../../ui/toaster';
import { useOnline } from '../../ui/use-online';
import { locationTexts as t } from '../location/location-texts';

export function AccountSettingsPage() {
  const online = useOnline();
  const settings = useApiData<{ data: AccountSettings }>('account-settings');
  const [saving, setSaving] = useState(false);
  const current = settings.data?.data ?? null;

  const change = async (registrar_ubicacion: boolean) => {
    setSaving(true);
    try {
      const res = await apiPut<{ data: AccountSettings; message: string }>('account-settings', {
        registrar_ubicacion,
      });
      toastSuccess(res.message);
      await settings.reload();
    } catch (error) {
      toastError(t.guardarError + errorMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="4">
      <PageHeader title={t.ajustesTitulo} subtitle={t.ajustesSubtitulo} />
      {!online && (
        <Alert.Root status="info" borderRadius="md">
          <Alert.Indicator />
          <Alert.Description>{t.sinConexion}</Alert.Description>
        </Alert.Root>
      )}
      {settings.error && !current ? (
        <ErrorState title={t.cargarError} message={settings.error} onRetry={settings.reload} />
      ) : (
        <Card.Root variant="outline" maxW="3xl" data-testid="ajustes-ubicacion">
          <Card.Body gap="3">
            {current ? (
              <Switch.Root
                checked={current.registrar_ubicacion}
                onCheckedChange={(details) => void change(details.checked)}
                disabled={saving || !online}
                size="lg"
                minH="11"
                colorPalette="teal"
              >
                <Switch.HiddenInput />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label fontWeight="semibold">{t.registrar}</Switch.Label>
              </Switch.Root>
            ) : (
              <Skeleton h="11" w="60" />
            )}
            <Text color="fg.muted" fontSize="sm">
              {t.registrarAyuda}
            </Text>
          </Card.Body>
        </Card.Root>
      )}
    </Stack>
  );
}
