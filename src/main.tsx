import './app/styles';
import { boot } from './app/boot';

const container = document.getElementById('root');
if (container) void boot(container);
