/**
 * The reports area's public face for other areas (D270): the dashboard (which `uses` reports, see
 * areas.json) reads its figures through the same client, so it takes their shapes from here.
 */
export * from './schemas/dashboard';
