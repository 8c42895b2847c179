import './app/styles';
import { boot } from './app/boot';
import { registerServiceWorker } from './app/service-worker';

const container = document.getElementById('root');
if (container) void boot(container);
registerServiceWorker();
