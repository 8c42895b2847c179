/**
 * The reports area's public face in the composition layer: the transactions API and actors made once
 * per page load, which the dashboard shares (areas.json: dashboard uses reports).
 */
export { reportActors, reportsApi, storesFor } from './runtime';
