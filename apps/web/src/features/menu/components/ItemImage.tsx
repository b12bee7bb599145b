import { Center, Image } from '@mantine/core';
import { IconToolsKitchen2 } from '@tabler/icons-react';

/** A menu item's photo, or a quiet placeholder of the same size when it has none. */
export function ItemImage({
  src,
  alt,
  h,
  radius,
  iconSize = 40,
}: {
  src: string | null;
  alt: string;
  h?: number;
  radius?: string;
  iconSize?: number;
}) {
  if (src) return <Image src={src} alt={alt} h={h ?? '100%'} w="100%" fit="cover" radius={radius} />;
  return (
    <Center
      h={h ?? '100%'}
      w="100%"
      style={{
        borderRadius: radius ? `var(--mantine-radius-${radius})` : undefined,
        background: 'linear-gradient(135deg, var(--mantine-color-orange-0), var(--mantine-color-gray-0))',
      }}
      aria-hidden
    >
      <IconToolsKitchen2 size={iconSize} stroke={1.4} color="var(--mantine-color-orange-3)" />
    </Center>
  );
}
