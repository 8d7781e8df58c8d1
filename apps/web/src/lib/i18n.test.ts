import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, withTexts } from './i18n';

/** The next time the safety net has loaded an area (the screens draw again then). */
const textsLoaded = () => new Promise<void>((resolve) => i18n.on('textsLoaded', () => resolve()));

describe('texts by area', () => {
  it('has the start areas in English with the app, and no other area', () => {
    expect(i18n.t('signin.title')).toBe('Sign in');
    expect(i18n.t('nav.label')).not.toBe('nav.label');
    expect(i18n.exists('kpi.detailTitle')).toBe(false);
    expect(i18n.exists('team.title')).toBe(false);
  });

  it("a route's lazy brings its page and its areas' texts together, and no other area", async () => {
    const page = await withTexts(['kpi'], async () => ({ Component: 'the page' }))();
    expect(page).toEqual({ Component: 'the page' });
    expect(i18n.t('kpi.detailTitle')).toBe('KPI sheet');
    expect(i18n.exists('epr.detailTitle')).toBe(false);
  });

  it('never shows a key whose area is not loaded: nothing, then the text once its area is there', async () => {
    const loaded = textsLoaded();
    expect(i18n.t('epr.detailTitle')).toBe('');
    await loaded;
    expect(i18n.t('epr.detailTitle')).toBe('Performance review');
  });

  it('shows a missing key of a loaded area as i18next does', () => {
    expect(i18n.t('kpi.noSuchText' as 'kpi.detailTitle')).toBe('kpi.noSuchText');
  });

  it('a language change loads every area loaded so far in the new language; later pages load theirs in it', async () => {
    await changeLanguage('fr');
    expect(i18n.t('kpi.detailTitle')).toBe('Fiche KPI');
    expect(i18n.t('epr.detailTitle')).toBe('Évaluation de performance');
    expect(i18n.t('signin.title')).not.toBe('Sign in');
    expect(i18n.exists('team.title')).toBe(false);

    await withTexts(['team'], async () => null)();
    expect(i18n.t('team.title')).toBe('Équipe');
    // English beside, the fallback of a text a language lacks.
    expect(i18n.t('team.title', { lng: 'en' })).toBe('Team');
    await changeLanguage('en');
  });
});
