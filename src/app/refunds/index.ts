/** The refunds area's face for the app layer of other areas (areas.json `uses`): its address. */
export { refundsPaths } from './paths';
