// Electron entry: hands over to the desktop composition root.
import { startDesktop } from './electron/app';

void startDesktop();
