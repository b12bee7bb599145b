import { AspectRatio, Button, Card, FileButton, Stack, Text } from '@mantine/core';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { IMAGE_MAX_SIDE, type MenuItem } from '@comanda/core';
import imageCompression from 'browser-image-compression';
// The library's own script, which its worker loads; by default it comes from a public CDN, which a till
// behind a restaurant's firewall, or offline, cannot reach. Bundled, it is one of our hashed assets.
import compressionScript from 'browser-image-compression/dist/browser-image-compression.js?url';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveMutation } from '../../../lib/mutations.ts';
import { confirmIrreversible } from '../../../lib/confirm.ts';
import { toast } from '../../../lib/toast.ts';
import { removeMenuItemPhoto, uploadMenuItemPhoto } from '../api/mutations.ts';
import { ItemImage } from './ItemImage.tsx';

const NOT_A_FILE = 'The file given is not an instance of Blob or File';
const NOT_AN_IMAGE = 'The file given is not an image';

/** The item's photo with Upload (compressed in the browser first, SPEC §5) and Delete. */
export function PhotoCard({ item }: { item: MenuItem }) {
  const { t } = useTranslation('menu');
  const resetRef = useRef<() => void>(null);
  const [compressing, setCompressing] = useState(false);
  const upload = useSaveMutation({ mutationFn: uploadMenuItemPhoto, changes: ['menu'] });
  const remove = useSaveMutation({ mutationFn: removeMenuItemPhoto, changes: ['menu'] });

  const onFile = async (file: unknown) => {
    resetRef.current?.();
    if (file === null) return;
    if (!(file instanceof Blob)) return toast.error(NOT_A_FILE);
    if (!file.type.startsWith('image/')) return toast.error(NOT_AN_IMAGE);
    setCompressing(true);
    try {
      const image = await imageCompression(file as File, {
        maxSizeMB: 0.5,
        maxWidthOrHeight: IMAGE_MAX_SIDE,
        useWebWorker: true,
        // Absolute: the worker runs from a blob: URL, against which a path would not resolve.
        libURL: new URL(compressionScript, window.location.href).href,
      });
      upload.mutate({ id: item.id, image });
    } catch (error) {
      console.error(error);
      const message = error instanceof Error ? error.message : '';
      toast.error([NOT_A_FILE, NOT_AN_IMAGE].includes(message) ? message : 'Something went wrong!');
    } finally {
      setCompressing(false);
    }
  };

  return (
    <Card withBorder radius="lg" padding="md">
      <AspectRatio ratio={4 / 3}>
        <ItemImage src={item.image} alt={item.title} radius="md" />
      </AspectRatio>
      <Stack gap="xs" mt="md">
        <FileButton onChange={(f) => void onFile(f)} accept="image/*" resetRef={resetRef}>
          {(props) => (
            <Button
              {...props}
              variant="light"
              fullWidth
              leftSection={<IconUpload size={18} />}
              loading={compressing || upload.isPending}
            >
              {t('photo.upload')}
            </Button>
          )}
        </FileButton>
        <Button
          variant="subtle"
          color="red"
          fullWidth
          leftSection={<IconTrash size={18} />}
          disabled={!item.image}
          loading={remove.isPending}
          onClick={() => confirmIrreversible(() => remove.mutate(item.id), t('photo.deleteTitle'))}
        >
          {t('photo.delete')}
        </Button>
        <Text fz="xs" c="dimmed" ta="center">
          {t('photo.hint')}
        </Text>
      </Stack>
    </Card>
  );
}
