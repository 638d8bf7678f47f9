// The app's version, read from package.json at build time.
import pkg from '../../../package.json';

export const APP_VERSION: string = pkg.version;
