import { Text } from '@mantine/core';
import { legacyProvince } from '../../../rules/legacyProvinces';

/**
 * An address as a list shows it. One saved on the list before 1 July 2025 (it has a district) keeps
 * its text as saved, with the province it is part of today under it (Resolution 202/2025/QH15,
 * D239): "Nay thuộc Thành phố Hồ Chí Minh". `nowIn` words that line in the area's language.
 */
export function AddressText({
  text,
  legacyProvinceCode,
  nowIn,
}: {
  text: string;
  /** The old province's code (or /address/* id) when the address is on the old list, else null. */
  legacyProvinceCode: string | number | null;
  nowIn: (province: string) => string;
}) {
  const now = legacyProvinceCode === null ? null : legacyProvince(legacyProvinceCode);
  if (!now) return <>{text}</>;
  return (
    <>
      {text}
      <Text size="xs" c="dimmed" data-testid="address-now-in">
        {nowIn(now.nowName)}
      </Text>
    </>
  );
}
