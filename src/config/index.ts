export { appConfigSchema, type AppConfig, type FeatureFlag } from './schema';
export { ConfigError, isConfigError, type ConfigErrorKind, type ConfigIssue } from './errors';
export { configUrl, defaultConfig, loadConfig, parseConfig, type LoadConfigOptions } from './load';
