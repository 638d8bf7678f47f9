// The shapes of a parsed command line live in src/shared/shell (the renderer reads them too, BA12).
export * from '../../shared/shell/types';
