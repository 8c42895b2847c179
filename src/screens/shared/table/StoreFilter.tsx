import { useCallback, useId, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Combobox, InputBase, Loader, useCombobox } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import { foldText, matchIndices } from './fold';
import classes from './table.module.css';

export interface StoreOption {
  id: string;
  name: string;
}

const ROW_HEIGHT = 36;
/** core §9: dropdowns at most 216 px high. */
const MAX_HEIGHT = 216;

/**
 * Store filter for merchants with up to 100,000 stores (core §9: dropdown lists fetch up to
 * 100,000 rows). Only the rows in view exist in the page (react-virtual), the names are folded
 * once per list, and keyboard movement is tracked here by index (aria-activedescendant), because
 * Combobox's own arrow-key handling walks the DOM and would stop at the last rendered row.
 */
export function StoreFilter({
  stores,
  value,
  onChange,
  loading = false,
  label,
  required = false,
  error,
  disabled = false,
}: {
  stores: readonly StoreOption[];
  /** Selected store id; null for all stores (a filter) or none chosen yet (a required field). */
  value: string | null;
  onChange: (id: string | null) => void;
  loading?: boolean;
  /** The field's label; "Store" by default. */
  label?: string;
  /**
   * A form field rather than a filter: no "all stores" row, an asterisk, and null shows as empty
   * with a placeholder.
   */
  required?: boolean;
  /** Shown under the field and tied to it (aria-describedby, aria-invalid). */
  error?: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation('table');
  const listId = useId();
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(-1);
  const combobox = useCombobox({
    onDropdownClose: () => {
      setSearch('');
      setActive(-1);
    },
  });
  const folded = useMemo(() => stores.map((s) => foldText(s.name)), [stores]);
  const matches = useMemo(() => matchIndices(folded, search), [folded, search]);
  // As a filter row 0 is "all stores" and row i + 1 is stores[matches[i]]; a required field has no such row.
  const offset = required ? 0 : 1;
  const count = matches.length + offset;
  const selectedName = value === null ? (required ? '' : t('store.all')) : (stores.find((s) => s.id === value)?.name ?? value);
  const fieldLabel = label ?? t('store.label');

  const [scrollEl, setScrollEl] = useState<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollEl,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
    initialRect: { width: 320, height: MAX_HEIGHT },
  });
  const optionId = (index: number) => `${listId}-opt-${index}`;
  const storeAt = (index: number): StoreOption | null => (index < offset ? null : (stores[matches[index - offset]!] ?? null));

  const choose = useCallback(
    (index: number) => {
      const store = index < offset ? null : stores[matches[index - offset]!];
      onChange(store ? store.id : null);
      combobox.closeDropdown();
    },
    [combobox, matches, offset, onChange, stores],
  );

  const move = (next: number) => {
    const clamped = Math.max(0, Math.min(count - 1, next));
    setActive(clamped);
    virtualizer.scrollToIndex(clamped, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
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

  return (
    <Combobox store={combobox} withinPortal onOptionSubmit={() => {}}>
      <Combobox.Target withKeyboardNavigation={false} withAriaAttributes={false}>
        <InputBase
          label={fieldLabel}
          w={required ? undefined : 260}
          withAsterisk={required}
          required={required}
          error={error}
          disabled={disabled}
          role="combobox"
          aria-expanded={combobox.dropdownOpened}
          aria-controls={combobox.dropdownOpened ? listId : undefined}
          aria-autocomplete="list"
          aria-activedescendant={combobox.dropdownOpened && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={combobox.dropdownOpened || (required && value === null) ? t('store.searchPlaceholder') : undefined}
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
          data-testid="store-filter"
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <div
          ref={setScrollEl}
          id={listId}
          role="listbox"
          aria-label={fieldLabel}
          className={classes.storeList}
          style={{ height: Math.min(MAX_HEIGHT, count * ROW_HEIGHT) }}
          data-testid="store-options"
        >
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const store = storeAt(item.index);
              const selected = store ? store.id === value : value === null;
              return (
                <div
                  key={item.key}
                  id={optionId(item.index)}
                  role="option"
                  aria-selected={selected}
                  aria-setsize={count}
                  aria-posinset={item.index + 1}
                  data-active={item.index === active}
                  className={classes.storeOption}
                  style={{ top: item.start, height: ROW_HEIGHT }}
                  // Keeps focus in the input so the dropdown does not close before the click lands.
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(item.index)}
                >
                  {store ? store.name : t('store.all')}
                </div>
              );
            })}
          </div>
        </div>
        {matches.length === 0 ? <Combobox.Empty>{t('store.noMatch')}</Combobox.Empty> : null}
        <div aria-live="polite" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          {search ? t('store.matches', { count: matches.length }) : ''}
        </div>
      </Combobox.Dropdown>
    </Combobox>
  );
}
