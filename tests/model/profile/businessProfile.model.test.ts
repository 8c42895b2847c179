import { businessProfileMachine } from '../../../src/machines/profile/businessProfile.machine';
import type { BusinessProfile } from '../../../src/services/shared/schemas/auth';
import { networkError, serviceError } from '../shared/fixtures/auth';
import { describeModel } from '../shared/harness';

const profile: BusinessProfile = {
  name: 'CÔNG TY TNHH ẨM THỰC PHỐ CỔ',
  trademark: 'Phố Cổ Kitchen',
  business: 'Nhà hàng',
  tax_no: '0108123455',
  address: '36 Hàng Bạc',
  phone: '02439123456',
  mobile: null,
  email: 'contact@phoco.example.vn',
  website: null,
  merchant_code: 'PHOCO001',
  representative_name: 'Nguyễn Văn Minh',
  position: 'Giám đốc',
  indentification_no: '001085012345',
};

describeModel({
  name: 'businessProfile',
  machine: businessProfileMachine,
  promiseActors: ['loadBusiness'],
  variants: [
    {
      variant: 'load',
      events: [
        { type: 'RETRY' },
        { type: 'xstate.done.actor.loadBusiness', output: profile },
        { type: 'xstate.error.actor.loadBusiness', error: networkError },
        { type: 'xstate.error.actor.loadBusiness', error: serviceError('PERMISSION_DENY', 403) },
      ],
    },
  ],
  check(outcome) {
    for (const step of outcome.steps) {
      const context = step.after.context as { profile: BusinessProfile | null; errorCode: string | null };
      if (step.after.matches('shown') && context.profile?.merchant_code !== profile.merchant_code)
        throw new Error('shown without the profile');
      if (step.after.matches('failed') && context.errorCode === null) throw new Error('a failure without its code');
      if (step.event.type === 'RETRY' && !step.after.hasTag('loading')) throw new Error('retry did not load again');
    }
  },
});
