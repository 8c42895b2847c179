import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { taxClassRate } from '../../machines/products/rules/taxClass';
import type { TaxClass, VatRateTable } from '../../rules/vatRates';
import { formatVnDate } from '../../rules/vnTime';

export interface TaxClassLabel {
  /** "Hàng hóa, dịch vụ được giảm thuế (8% đến hết 31/12/2026)": the class with its rate today. */
  (taxClass: TaxClass): string;
  /** "8% đến hết 31/12/2026", "10%", "KCT"; '' when the table has no rate today. */
  rate(taxClass: TaxClass): string;
  /** The rate code alone ("8%", "KCT"); '' when the table has no rate today. */
  code(taxClass: TaxClass): string;
}

/** The words for a tax class with its rate on `now`, read from the table (D226), never written into a text. */
export function useTaxClassLabel(vatRates: VatRateTable, now: number): TaxClassLabel {
  const { t } = useTranslation('products');
  return useMemo(() => {
    const rate = (taxClass: TaxClass) => {
      const today = taxClassRate(vatRates, taxClass, now);
      if (!today) return '';
      // The period's last day as dd/MM/yyyy: noon of that Vietnam day is inside it whatever the zone.
      const until = today.until === null ? null : formatVnDate(`${today.until}T12:00:00+07:00`);
      return until === null ? today.rate : t('form.taxRateUntil', { rate: today.rate, until });
    };
    const label = (taxClass: TaxClass) => {
      const name = t(`taxClass.${taxClass}`);
      const shown = rate(taxClass);
      return shown ? t('form.taxClassOption', { name, rate: shown }) : name;
    };
    const code = (taxClass: TaxClass) => taxClassRate(vatRates, taxClass, now)?.rate ?? '';
    return Object.assign(label, { rate, code });
  }, [t, vatRates, now]);
}
