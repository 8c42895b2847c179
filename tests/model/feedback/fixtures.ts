import type { FeedbackRow } from '../../../src/services/feedback/schemas';

/** A seeded-looking EDC report (core §3 Feedback) for the feedback machines' paths. */
export const edcReport: FeedbackRow = {
  id: 7,
  type: 'EDC',
  store_id: 1,
  store_name: 'Phố Cổ - Hàng Bạc',
  content: 'CONNECT',
  description: 'Máy POS mất kết nối',
  serial_number: '18501000000101',
  images: ['/api/portal/feedback/image/11', '/api/portal/feedback/image/12'],
  created_at: '2026-11-22T10:00:00+07:00',
  updated_at: '2026-11-22T10:00:00+07:00',
};

export const device = { serial_number: '18501000000101', type_edc: 1, store_id: 1, store_name: 'Phố Cổ - Hàng Bạc' };
