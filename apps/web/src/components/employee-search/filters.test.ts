import { employeeSearchFilter, personalFiltersOf } from '@hr/contracts/employee-search';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, test } from 'vitest';
import {
  AGE_RANGE,
  DEFAULT_FILTERS,
  FILTER_KEYS,
  fromFilter,
  isPersonalFilter,
  offeredFilters,
  readSavedSearch,
  SERVICE_RANGE,
  toFilter,
  writeSavedSearch,
} from './filters';

describe('toFilter', () => {
  test('sends only the filters on show, without empty fields, and a filter the API accepts', () => {
    const filter = toFilter(
      {
        full_text: '  rahman ',
        gender_ids: [1],
        religion_ids: [],
        office_ids: [3, 4],
        level_ids: [9],
        joining_date: [dayjs('2020-01-05'), null],
        age: [25, 40],
        service_years: SERVICE_RANGE,
      },
      ['gender', 'religion', 'office', 'joiningDate', 'age', 'service'],
    );
    expect(filter).toEqual({
      full_text: 'rahman',
      gender_ids: [1],
      office_ids: [3, 4],
      joining_date: { from: '2020-01-05', to: null },
      age: { min: 25, max: 40 },
    });
    expect(employeeSearchFilter.safeParse(filter).success).toBe(true);
  });

  test('a slider at its full span filters nothing; Active is the default status', () => {
    expect(
      toFilter({ age: AGE_RANGE, service_years: SERVICE_RANGE, status: 'enabled' }, FILTER_KEYS),
    ).toEqual({});
    expect(toFilter({ status: 'all' }, ['status'])).toEqual({ status: 'all' });
  });

  test('a birthday range becomes MM-DD days, also over the new year', () => {
    expect(toFilter({ birthday: [dayjs('2026-12-20'), dayjs('2027-01-10')] }, ['birthday'])).toEqual({
      birthday: { from: '12-20', to: '01-10' },
    });
  });

  test('separation yes/no becomes has_separation', () => {
    expect(toFilter({ has_separation: 'no' }, ['separation'])).toEqual({ has_separation: false });
  });
});

describe('fromFilter', () => {
  test('gives back the form values of a saved filter', () => {
    const filter = {
      full_text: 'x',
      office_ids: [2],
      confirmation_date: { from: null, to: '2024-02-01' },
      birthday: { from: '12-20', to: '01-10' },
      service_years: { min: 3, max: 9 },
      has_separation: true,
    };
    const values = fromFilter(filter);
    expect(values.office_ids).toEqual([2]);
    expect(values.confirmation_date?.[1]?.format('YYYY-MM-DD')).toBe('2024-02-01');
    expect(values.birthday?.[1]?.isAfter(values.birthday[0]!)).toBe(true);
    expect(values.age).toEqual(AGE_RANGE);
    expect(toFilter(values, FILTER_KEYS)).toEqual(filter);
  });
});

describe('saved searches', () => {
  beforeEach(() => localStorage.clear());

  test('are kept per page, and a first visit shows the default filters', () => {
    expect(readSavedSearch('/employees')).toEqual({ filters: DEFAULT_FILTERS, filter: {} });
    writeSavedSearch('/employees', { filters: ['gender', 'age'], filter: { gender_ids: [1] } });
    expect(readSavedSearch('/employees')).toEqual({
      filters: ['gender', 'age'],
      filter: { gender_ids: [1] },
    });
    expect(readSavedSearch('/profile').filters).toEqual(DEFAULT_FILTERS);
  });

  test('drop unknown filter names and survive a damaged entry', () => {
    localStorage.setItem(
      'hr.employeeSearch:/x',
      JSON.stringify({ filters: ['gender', 'shoeSize'], filter: {} }),
    );
    expect(readSavedSearch('/x').filters).toEqual(['gender']);
    localStorage.setItem('hr.employeeSearch:/y', '{not json');
    expect(readSavedSearch('/y').filters).toEqual(DEFAULT_FILTERS);
  });
});

describe('offeredFilters', () => {
  test('an employee is offered the directory filters only; HR every filter', () => {
    expect(offeredFilters({ status: false, personal: false })).toEqual([
      'joiningDate',
      'service',
      'level',
      'grade',
      'company',
      'office',
      'groups',
    ]);
    expect(offeredFilters({ status: true, personal: true })).toEqual([...FILTER_KEYS]);
    expect(offeredFilters({ status: true, personal: false })).toContain('status');
    expect(offeredFilters({ status: false, personal: true })).not.toContain('status');
  });

  test('the personal filters are those the server counts as personal', () => {
    expect(FILTER_KEYS.filter(isPersonalFilter)).toEqual([
      'gender',
      'bloodGroup',
      'religion',
      'maritalStatus',
      'birthday',
      'age',
      'employeeStatus',
      'confirmationDate',
      'educationType',
      'exam',
      'separation',
      'separationType',
      'separationStatus',
    ]);
  });

  test('a search made of the offered filters is one the server lets an employee make', () => {
    const filter = toFilter(
      { company_ids: [1], office_ids: [2], level_ids: [3], service_years: [2, 5], religion_ids: [4] },
      offeredFilters({ status: false, personal: false }),
    );
    expect(filter).toEqual({
      company_ids: [1],
      office_ids: [2],
      level_ids: [3],
      service_years: { min: 2, max: 5 },
    });
    expect(personalFiltersOf(filter)).toEqual([]);
  });
});
