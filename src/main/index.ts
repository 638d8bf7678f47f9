// Electron entry: hands over to the desktop composition root.
import { enableCodeCache } from './cli/code-cache';
import { startDesktop } from './electron/app';

enableCodeCache(__dirname);

void startDesktop();
