import type { SummaryRow } from '@hr/contracts/attendance';
import { expect, test } from 'vitest';
import { teamToday } from './attendance-today';

const row = (id: number, name: string, patch: Partial<SummaryRow> = {}): SummaryRow => ({
  employee: { id, eid: String(1000 + id), name, photo: null },
  working_days: 1,
  present: 0,
  absent: 0,
  late: 0,
  late_minutes: 0,
  leave: 0,
  remote_work: 0,
  ...patch,
});

test('lists the absent by name and the late by most minutes, leaving out everyone else', () => {
  const { absent, late } = teamToday([
    row(1, 'Zara', { absent: 1 }),
    row(2, 'Adil', { absent: 1 }),
    row(3, 'Mina', { present: 1, late: 1, late_minutes: 12 }),
    row(4, 'Bela', { present: 1, late: 1, late_minutes: 40 }),
    row(5, 'Carl', { present: 1, late: 1, late_minutes: 12 }),
    row(6, 'Dora', { present: 1 }),
    row(7, 'Emil', { leave: 1 }),
  ]);
  expect(absent.map((r) => r.employee.name)).toEqual(['Adil', 'Zara']);
  expect(late.map((r) => r.employee.name)).toEqual(['Bela', 'Carl', 'Mina']);
});

test('an empty team has nobody to list', () => {
  expect(teamToday([])).toEqual({ absent: [], late: [] });
});
