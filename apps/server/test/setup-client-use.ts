import { afterAll, expect } from 'vitest';
import { closeOpened } from './helper';

/**
 * No query is sent on a connection that is still running another one (a
 * `Promise.all` of queries on one transaction's client): pg 8 warns "Calling
 * client.query() when the client is already executing a query is deprecated"
 * and pg 9 refuses. Any such warning while a test file runs fails the file.
 * pg warns once per process, so the first file that does it is the one named.
 */
const OVERLAP = /client is already executing a query/;

export const overlappingQueries: string[] = [];

process.on('warning', (warning) => {
  if (OVERLAP.test(warning.message)) overlappingQueries.push(warning.stack ?? warning.message);
});

afterAll(() => {
  expect(overlappingQueries, 'queries sent on a connection that was still busy').toEqual([]);
});

/** The app and database of the file (setupApi), closed once its tests are done. */
afterAll(closeOpened);
