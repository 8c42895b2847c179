import { useMemo } from 'react';
import type { AddressCascade, AddressCascadeEvent } from '../../../machines/shared/address/cascade';
import type { Place } from '../../../services/shared/schemas/address';
import { FailureAlert } from '../FailureAlert';
import { LookupSelect, type LookupOption } from '../table/LookupSelect';

/**
 * The province → ward pickers of every form with an address (stores, customers; two tiers since
 * 1 July 2025, D239), rendering the shared cascade (src/machines/shared/address/cascade.ts) and
 * sending its events. Each picker is the shared virtualised, searchable dropdown (216 px), which finds
 * names without their tone marks ("thu duc" finds "Phường Thủ Đức"); a list that failed to load says
 * so under its picker with a retry. `required`: the pickers have no "not chosen" row and say what is
 * missing once `showErrors` is on; otherwise "not chosen" (`texts.none`) can be picked again.
 * `wardError`: a message of the form's own under the ward picker (an old address's ward to choose).
 */

export interface AddressPickerTexts {
  city: string;
  ward: string;
  search: string;
  noMatch: string;
  matches: (count: number) => string;
  chooseCityFirst: string;
  /** The "not chosen" row of optional pickers. */
  none?: string;
  cityRequired?: string;
  wardRequired?: string;
  citiesFailed: string;
  wardsFailed: string;
  retry: string;
  /** The catalogue's text for a failure code. */
  failure: (code: string) => string;
}

export interface AddressPickersProps<K extends string | number> {
  cascade: AddressCascade<K>;
  loading: { cities: boolean; wards: boolean };
  send: (event: AddressCascadeEvent<K>) => void;
  /** The picker's string value back to the cascade's id type. */
  parse: (value: string) => K;
  texts: AddressPickerTexts;
  required?: boolean;
  showErrors?: boolean;
  disabled?: boolean;
  wardError?: string;
  /** store → store-city, store-cities-failed… */
  testIdPrefix: string;
}

const toOptions = <K extends string | number>(list: readonly Place<K>[]): LookupOption[] =>
  list.map((o) => ({ id: String(o.id), name: o.name }));

export function AddressPickers<K extends string | number>({
  cascade: c,
  loading,
  send,
  parse,
  texts,
  required = false,
  showErrors = false,
  disabled = false,
  wardError,
  testIdPrefix,
}: AddressPickersProps<K>) {
  const cities = useMemo(() => toOptions(c.cities), [c.cities]);
  const wards = useMemo(() => toOptions(c.wards), [c.wards]);
  const idOf = (value: string | null) => (value === null ? null : parse(value));
  const valueOf = (id: K | null) => (id === null ? null : String(id));
  const lookupTexts = (label: string) => ({
    label,
    searchPlaceholder: texts.search,
    noMatch: texts.noMatch,
    matches: texts.matches,
    ...(required ? {} : { all: texts.none }),
  });
  const missing = (show: boolean, text: string | undefined) => (required && showErrors && show ? text : undefined);

  return (
    <>
      <LookupSelect
        options={cities}
        value={valueOf(c.cityId)}
        onChange={(id) => send({ type: 'CITY.CHANGE', id: idOf(id) })}
        texts={lookupTexts(texts.city)}
        loading={loading.cities}
        required={required}
        disabled={disabled || c.cities.length === 0}
        error={missing(c.cityId === null, texts.cityRequired)}
        testId={`${testIdPrefix}-city`}
      />
      {c.citiesError ? (
        <FailureAlert
          title={texts.citiesFailed}
          message={texts.failure(c.citiesError)}
          retryLabel={texts.retry}
          onRetry={() => send({ type: 'CITIES.RETRY' })}
          testId={`${testIdPrefix}-cities-failed`}
        />
      ) : null}
      <LookupSelect
        options={wards}
        value={valueOf(c.wardId)}
        onChange={(id) => send({ type: 'WARD.CHANGE', id: idOf(id) })}
        texts={lookupTexts(texts.ward)}
        loading={loading.wards}
        required={required}
        disabled={disabled || c.wards.length === 0}
        description={c.cityId === null ? texts.chooseCityFirst : undefined}
        error={missing(c.wardId === null && c.cityId !== null, texts.wardRequired) ?? wardError}
        testId={`${testIdPrefix}-ward`}
      />
      {c.wardsError ? (
        <FailureAlert
          title={texts.wardsFailed}
          message={texts.failure(c.wardsError)}
          retryLabel={texts.retry}
          onRetry={() => send({ type: 'WARDS.RETRY' })}
          testId={`${testIdPrefix}-wards-failed`}
        />
      ) : null}
    </>
  );
}
