import { useCallback, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Combobox, InputBase, Loader, useCombobox, type ComboboxStore } from '@mantine/core';
import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { DROPDOWN_MAX_HEIGHT } from '../dropdown';
import { foldText, matchIndices } from './fold';
import classes from './table.module.css';

export interface LookupOption {
  id: string;
  /** What the row shows and what typing is matched against (every word, ignoring case and diacritics). */
  name: string;
}

const ROW_HEIGHT = 36;

export interface LookupSelectTexts {
  /** The field's label, also the list's accessible name. */
  label: string;
  /** Shown in the field while it is open, or while a required field is empty. */
  searchPlaceholder: string;
  noMatch: string;
  /** Spoken after typing: how many rows match. */
  matches: (count: number) => string;
  /** As a filter, the first row (null) reads this; a required field has no such row. */
  all?: string;
}

interface LookupSelectProps {
  options: readonly LookupOption[];
  /** Selected id; null for the "all" row (a filter) or none chosen yet (a required field). */
  value: string | null;
  /** The chosen id and its option (null for the "all" row). */
  onChange: (id: string | null, option: LookupOption | null) => void;
  texts: LookupSelectTexts;
  loading?: boolean;
  /** A form field rather than a filter: no "all" row, an asterisk, and null shows as empty with a placeholder. */
  required?: boolean;
  /** Shown under the field and tied to it (aria-describedby, aria-invalid). */
  error?: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  width?: number;
  testId?: string;
  listTestId?: string;
}

/**
 * A searchable dropdown for lists of up to 100,000 rows (core §9: dropdown lists fetch up to
 * 100,000 rows, at most 216 px high). Only the rows in view exist in the page (react-virtual), the
 * names are folded once per list, and keyboard movement is tracked here by index
 * (aria-activedescendant), because Combobox's own arrow-key handling walks the DOM and would stop at
 * the last rendered row. The store filter and the ShopQR form's bank accounts use it.
 */
export function LookupSelect({
  options,
  value,
  onChange,
  texts,
  loading = false,
  required = false,
  error,
  description,
  disabled = false,
  width,
  testId,
  listTestId,
}: LookupSelectProps) {
  const listId = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(-1);
  const combobox = useCombobox({
    onDropdownClose: () => {
      setSearch('');
      setActive(-1);
    },
  });
  const matches = useMatches(options, search);
  // As a filter row 0 is "all" and row i + 1 is options[matches[i]]; a required field has no such row.
  const offset = required ? 0 : 1;
  const count = matches.length + offset;
  const selectedName = value === null ? (required ? '' : (texts.all ?? '')) : (options.find((o) => o.id === value)?.name ?? value);

  const { virtualizer, setScrollEl } = useRowVirtualizer(count);
  const optionId = (index: number) => `${listId}-opt-${index}`;
  const optionAt = (index: number): LookupOption | null => (index < offset ? null : (options[matches[index - offset]!] ?? null));

  const choose = useCallback(
    (index: number) => {
      const option = index < offset ? null : options[matches[index - offset]!];
      onChange(option ? option.id : null, option ?? null);
      combobox.closeDropdown();
    },
    [combobox, matches, offset, onChange, options],
  );

  const onKeyDown = useLookupKeys({ combobox, count, active, setActive, virtualizer, choose });

  return (
    // keepMounted off: a closed list mounted and placed at load forces a style recalculation (D381).
    <Combobox store={combobox} withinPortal keepMounted={false} onOptionSubmit={() => {}}>
      <Combobox.Target withKeyboardNavigation={false} withAriaAttributes={false}>
        <InputBase
          label={texts.label}
          w={width}
          withAsterisk={required}
          required={required}
          error={error}
          description={description}
          disabled={disabled}
          role="combobox"
          aria-expanded={combobox.dropdownOpened}
          aria-controls={combobox.dropdownOpened ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={combobox.dropdownOpened && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={combobox.dropdownOpened || (required && value === null) ? texts.searchPlaceholder : undefined}
          value={combobox.dropdownOpened ? search : selectedName}
          rightSection={loading ? <Loader size={14} /> : <Combobox.Chevron />}
          rightSectionPointerEvents="none"
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={onKeyDown}
          onChange={(e) => {
            combobox.openDropdown();
            setSearch(e.currentTarget.value);
            setActive(-1);
            virtualizer.scrollToOffset(0);
          }}
          data-testid={testId}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <LookupList
          scrollRef={setScrollEl}
          listId={listId}
          label={texts.label}
          all={texts.all}
          count={count}
          virtualizer={virtualizer}
          optionAt={optionAt}
          optionId={optionId}
          value={value}
          active={active}
          choose={choose}
          testId={listTestId}
        />
        <MatchesNote matchCount={matches.length} search={search} texts={texts} />
      </Combobox.Dropdown>
    </Combobox>
  );
}

/** Under the rows: "no match" when nothing matches, and the spoken count of matches after typing. */
function MatchesNote({ matchCount, search, texts }: { matchCount: number; search: string; texts: LookupSelectTexts }) {
  return (
    <>
      {matchCount === 0 ? <Combobox.Empty>{texts.noMatch}</Combobox.Empty> : null}
      <div aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {search ? texts.matches(matchCount) : ''}
      </div>
    </>
  );
}

/** The options' indices whose names hold every typed word (names folded once per list). */
function useMatches(options: readonly LookupOption[], search: string) {
  const folded = useMemo(() => options.map((o) => foldText(o.name)), [options]);
  return useMemo(() => matchIndices(folded, search), [folded, search]);
}

/** The rows in view of the dropdown's scroll box (react-virtual), ROW_HEIGHT each. */
function useRowVirtualizer(count: number) {
  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollEl,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 320, height: DROPDOWN_MAX_HEIGHT },
  });
  return { virtualizer, setScrollEl };
}

/**
 * The keys the field handles itself (by index, see LookupSelect): arrows and page keys move the
 * active row, Enter chooses it, Escape closes.
 */
function useLookupKeys({
  combobox,
  count,
  active,
  setActive,
  virtualizer,
  choose,
}: {
  combobox: ComboboxStore;
  count: number;
  active: number;
  setActive: (index: number) => void;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  choose: (index: number) => void;
}) {
  const move = (next: number) => {
    const clamped = Math.max(0, Math.min(count - 1, next));
    setActive(clamped);
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
  };

  return (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!combobox.dropdownOpened) {
        combobox.openDropdown();
        return;
      }
      move(active + (e.key === 'ArrowDown' ? 1 : -1));
    } else if (e.key === 'PageDown' || e.key === 'PageUp') {
      if (!combobox.dropdownOpened) return;
      e.preventDefault();
      move(active + (e.key === 'PageDown' ? 6 : -6));
    } else if (e.key === 'Enter') {
      if (combobox.dropdownOpened && active >= 0) {
        e.preventDefault();
        choose(active);
      }
    } else if (e.key === 'Escape') {
      combobox.closeDropdown();
    }
  };
}

/** The listbox: only the rows in view are in the page, each placed at its offset. */
function LookupList(props: {
  scrollRef: (element: HTMLDivElement | null) => void;
  listId: string;
  label: string;
  all?: string;
  count: number;
  virtualizer: Virtualizer<HTMLDivElement, Element>;
  optionAt: (index: number) => LookupOption | null;
  optionId: (index: number) => string;
  value: string | null;
  active: number;
  choose: (index: number) => void;
  testId?: string;
}) {
  const { virtualizer, count, value } = props;
  return (
    <div
      ref={props.scrollRef}
      id={props.listId}
      role="listbox"
      aria-label={props.label}
      className={classes.lookupList}
      style={{ height: Math.min(DROPDOWN_MAX_HEIGHT, count * ROW_HEIGHT), maxHeight: DROPDOWN_MAX_HEIGHT }}
      data-testid={props.testId}
    >
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => {
          const option = props.optionAt(item.index);
          const selected = option ? option.id === value : value === null;
          return (
            <div
              key={item.key}
              id={props.optionId(item.index)}
              role="option"
              aria-selected={selected}
              aria-setsize={count}
              aria-posinset={item.index + 1}
              data-active={item.index === props.active}
              className={classes.lookupOption}
              style={{ top: item.start, height: ROW_HEIGHT }}
              // Keeps focus in the input so the dropdown does not close before the click lands.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => props.choose(item.index)}
            >
              {option ? option.name : props.all}
            </div>
          );
        })}
      </div>
    </div>
  );
}
