import { lazy } from 'react';

/** The fairness dialog, fetched (with every game's rules it reads) when it is first opened. */
export const LazyFairnessDialog = lazy(() =>
  import('./FairnessDialog').then((module) => ({ default: module.FairnessDialog })),
);
