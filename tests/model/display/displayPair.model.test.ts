import { displayPairMachine } from '../../../src/machines/display/displayPair.machine';
import { describePairCodeModel } from '../shared/pair-code';

describePairCodeModel('displayPair', displayPairMachine, { display_token: 'dsp_' + 'a'.repeat(43), pairing_id: 7, shop_name: 'Phở Cổ' });
