/**
 * The reports area's public face in the composition layer: the transactions API and actors made once
 * per runtime, which the dashboard shares (areas.json: dashboard uses reports).
 */
export { reportsActorsOf } from './actors';
