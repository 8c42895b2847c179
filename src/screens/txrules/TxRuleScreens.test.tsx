import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { txRuleFormMachine } from '../../machines/txrules/txRuleForm.machine';
import { txRuleListMachine } from '../../machines/txrules/txRuleList.machine';
import type { TxRule, TxRuleChoices, TxRulePage } from '../../services/txrules/schemas';
import { renderScreen } from '../shared/test/render';
import { TxRuleFormScreen } from './TxRuleFormScreen';
import { TxRuleListScreen } from './TxRuleListScreen';

afterEach(cleanup);

const rule: TxRule = {
  id: 3,
  name: '1',
  display_name: 'PC01 · VISA',
  store_name: '<img src=x onerror=alert(1)>',
  card_branch: 'VISA',
  issuer: ['Vietcombank', 'Techcombank'],
  acquirer: 'BIDV',
  logo: {
    card_branch: '/api/portal/metadata/logo/card/VISA.svg',
    issuer: ['/api/portal/metadata/logo/bank/VCB.svg', 'javascript:alert(1)'],
    acquirer: '//evil.example/bidv.svg',
  },
  synced_at: null,
};

const choices: TxRuleChoices = { cardTypes: ['VISA', 'NAPAS'], issuers: ['ACB', 'Techcombank', 'Vietcombank'], acquirers: ['BIDV'] };

describe('transaction rule screens (doc 2 §3, §5)', () => {
  it('shows the columns with named logos, renders markup as text and never uses a source that is not the service or https', async () => {
    const actor = createActor(
      txRuleListMachine.provide({
        actors: {
          loadPage: fromPromise<TxRulePage, { page: number; pageSize: number }>(async () => ({ rows: [rule], totalPage: 1 })),
          deleteRow: fromPromise<void, { id: number }>(async () => {}),
          syncRules: fromPromise<void, void>(async () => {}),
        },
      }),
    ).start();
    await renderScreen(<TxRuleListScreen actor={actor} addHref="/setting-tx/create" editHref={(id) => `/setting-tx/update?id=${id}`} />);
    const table = await screen.findByTestId('txrules-table');
    await waitFor(() => expect(within(table).getByText('<img src=x onerror=alert(1)>')).toBeTruthy());
    const images = [...table.querySelectorAll('img')];
    expect(images.map((img) => img.getAttribute('alt'))).toEqual(['VISA logo', 'Vietcombank logo']);
    expect(images.every((img) => img.getAttribute('src')!.startsWith('/api/portal/metadata/logo/'))).toBe(true);
    // The refused sources show the bank's name instead.
    expect(within(table).getByText('Techcombank')).toBeTruthy();
    expect(within(table).getByText('BIDV')).toBeTruthy();
    expect(within(table).getByText('Waiting to apply')).toBeTruthy();
  });

  it('fills the form from the rule and enables Save only while all four fields are chosen', async () => {
    const actor = createActor(
      txRuleFormMachine.provide({
        actors: {
          loadForm: fromPromise<{ choices: TxRuleChoices; rule: TxRule | null }, { id: number | null }>(async () => ({
            choices,
            rule: { ...rule, store_name: 'Phố Cổ - Hàng Bạc' },
          })),
        },
      }),
      { input: { id: 3 } },
    ).start();
    await renderScreen(<TxRuleFormScreen actor={actor} stores={[{ id: '1', name: 'Phố Cổ - Hàng Bạc' }]} storesLoading={false} />);
    const save = await screen.findByTestId('txrule-save');
    expect(save).toHaveProperty('disabled', false);
    expect((screen.getByTestId('txrule-card') as HTMLInputElement).value).toBe('VISA');
    actor.send({ type: 'FIELD.CHANGE', field: 'issuers', value: [] });
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
    expect(screen.getByText('Fill in all four fields to save.')).toBeTruthy();
    actor.send({ type: 'FIELD.CHANGE', field: 'issuers', value: ['ACB'] });
    await waitFor(() => expect(save).toHaveProperty('disabled', false));
    actor.send({ type: 'FIELD.CHANGE', field: 'acquirer', value: null });
    await waitFor(() => expect(save).toHaveProperty('disabled', true));
  });
});
