import { kitchenPairMachine } from '../../../src/machines/kitchen/kitchenPair.machine';
import { describePairCodeModel } from '../shared/pair-code';

describePairCodeModel('kitchenPair', kitchenPairMachine, {
  kitchen_token: 'kit_' + 'a'.repeat(43),
  pairing_id: 7,
  shop_name: 'Phở Cổ',
  store_id: 2,
  store_name: 'Quận 1',
});
