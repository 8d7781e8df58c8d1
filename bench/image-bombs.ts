/**
 * Images judged before they are decoded: a burst of "decompression bombs"
 * (a PNG of 6,300 × 6,300 pixels in about 120 KB, 160 MB once decoded) and
 * of large legitimate pictures (a 17 MP JPEG as evidence, a 12 MP JPEG as a
 * photo, a 25 MP interlaced PNG as evidence), all sent at once as EPR
 * evidence and as profile photos, against one API process. The server runs from the sources
 * (tsx) in a child process, on a fresh embedded database with the demo
 * company; its memory is read from /proc: the resident size before each
 * phase and its highest value during it (VmHWM, reset before the phase, and
 * a sample every 5 ms).
 *
 *   npx tsx bench/image-bombs.ts              # 4 of each kind at once (20 uploads)
 *   npx tsx bench/image-bombs.ts --n 8        # 8 of each
 *
 * Phases: the bombs alone, the legitimate pictures alone, then both mixed.
 * Memory a phase took is rarely given back to the system at once, so each
 * phase's growth is counted from the resident size it started at.
 */
import fs from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { demoPortal } from './support/demo-portal';

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const N = Number(opt('n') ?? 4);
const DEMO_PASSWORD = 'demo123';
/** The demo employee whose review of this year is a draft: their side is open for evidence. */
const EMPLOYEE_EID = '1017';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

// ---------------------------------------------------------------------------
// The pictures

/** One colour: a few kilobytes of PNG, 160 MB of pixels. */
async function bomb(): Promise<Buffer> {
  return sharp({ create: { width: 6300, height: 6300, channels: 3, background: '#202020' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** A photograph-like JPEG (a gradient with fine noise) of the size given, under `maxBytes`. */
async function legitimate(width: number, height: number, maxBytes: number): Promise<Buffer> {
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 12 },
    },
  })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">' +
      '<stop offset="0" stop-color="#3a6ea5"/><stop offset="1" stop-color="#f2c14e"/></linearGradient></defs>' +
      `<rect width="${width}" height="${height}" fill="url(#g)"/></svg>`,
  );
  const base = await sharp(gradient)
    .composite([{ input: noise, blend: 'overlay' }])
    .png()
    .toBuffer();
  for (let quality = 85; quality >= 10; quality -= 5) {
    const jpeg = await sharp(base).jpeg({ quality }).toBuffer();
    if (jpeg.length < maxBytes) return jpeg;
  }
  throw new Error(`no JPEG of ${width} × ${height} under ${maxBytes} bytes`);
}

// ---------------------------------------------------------------------------
// The server and its memory

function statusOf(pid: number): { rss: number; peak: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Resets the process's highest resident size to its current one (Linux: clear_refs 5). */
function resetPeak(pid: number) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------

interface Upload {
  kind: string;
  send: () => Promise<Response>;
}
interface Outcome {
  kind: string;
  status: number;
  code: string;
  ms: number;
}

// The sources as they are, so that a checkout of any commit is measured the same way.
const server = await demoPortal(undefined, 'hr-bench-images-', { fromSources: true });
const pid = server.pid!;
try {
  const api = `${server.base}/api/v1`;
  const call = async <T>(method: string, route: string, token: string | null, body?: unknown) => {
    const res = await fetch(`${api}/${route}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    return (await res.json()) as T;
  };
  const login = await call<{ token: string; employee_id: number }>('POST', 'login_check', null, {
    username: EMPLOYEE_EID,
    password: DEMO_PASSWORD,
    app_id: 3,
  });
  const token = login.token;
  const reviews = await call<{ items: { id: number; status: { id: number } }[] }>(
    'GET',
    'eprs?list_type=self',
    token,
  );
  const draft = reviews.items.find((r) => r.status.id === 1);
  if (!draft) throw new Error(`${EMPLOYEE_EID} has no draft review in the demo data`);
  const detail = await call<{ section_a: { objectives: { lines: { id: number }[] }[] } }>(
    'GET',
    `eprs/${draft.id}`,
    token,
  );
  const lines = detail.section_a.objectives.flatMap((o) => o.lines.map((l) => l.id));

  process.stdout.write('Making the pictures… ');
  const [bombPng, evidenceJpeg, photoJpeg, limitPng] = await Promise.all([
    bomb(),
    legitimate(4800, 3600, 200 * 1024),
    legitimate(4000, 3000, 2 * 1024 * 1024),
    // At the limit, and interlaced: such a PNG cannot be decoded row by row, its pixels are held whole.
    sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#3a6ea5' } })
      .png({ compressionLevel: 9, progressive: true })
      .toBuffer(),
  ]);
  console.log(
    `bomb ${bombPng.length} B (6300 × 6300), evidence ${evidenceJpeg.length} B (4800 × 3600), ` +
      `photo ${photoJpeg.length} B (4000 × 3000), interlaced PNG ${limitPng.length} B (5000 × 5000)`,
  );

  const post = (route: string, method: string, body: unknown) => () =>
    fetch(`${api}/${route}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  let nextLine = 0;
  const evidence = (kind: string, data: Buffer): Upload => {
    const line = lines[nextLine++ % lines.length]!;
    return {
      kind,
      send: post(`eprs/sections/a/objectives/${line}/evidence`, 'POST', {
        name: `${kind}.png`,
        file: data.toString('base64'),
      }),
    };
  };
  const photo = (kind: string, data: Buffer): Upload => ({
    kind,
    send: post(`employees/photo/${login.employee_id}`, 'PATCH', { photo: data.toString('base64') }),
  });
  const bombs = () =>
    Array.from({ length: N }, () => [
      evidence('bomb as evidence', bombPng),
      photo('bomb as photo', bombPng),
    ]).flat();
  const legit = () =>
    Array.from({ length: N }, () => [
      evidence('large evidence', evidenceJpeg),
      photo('large photo', photoJpeg),
      evidence('25 MP interlaced PNG', limitPng),
    ]).flat();

  /** Sends every upload at once; answers the outcomes, the wall time and the server's memory. */
  async function burst(name: string, uploads: Upload[]) {
    // Let the previous phase settle.
    await new Promise((r) => setTimeout(r, 1500));
    const before = statusOf(pid).rss;
    const peakReset = resetPeak(pid);
    let sampled = before;
    const sampler = setInterval(() => {
      sampled = Math.max(sampled, statusOf(pid).rss);
    }, 5);
    const start = performance.now();
    const outcomes: Outcome[] = await Promise.all(
      uploads.map(async (u) => {
        const t = performance.now();
        const res = await u.send();
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        return { kind: u.kind, status: res.status, code: body.error ?? '', ms: performance.now() - t };
      }),
    );
    const wall = performance.now() - start;
    clearInterval(sampler);
    const after = statusOf(pid);
    const peak = Math.max(sampled, peakReset ? after.peak : 0);
    return { name, uploads: uploads.length, outcomes, wall, before, peak };
  }

  const phases = [
    await burst(`${2 * N} bombs`, bombs()),
    await burst(`${3 * N} large pictures`, legit()),
    await burst(`${2 * N} bombs and ${3 * N} large pictures`, [...bombs(), ...legit()]),
  ];

  console.log(`\nOne API process, ${os.cpus().length} cores; every upload of a phase sent at once.\n`);
  console.log('| phase | RSS before | peak RSS | growth | wall time |');
  console.log('| --- | --- | --- | --- | --- |');
  for (const p of phases) {
    console.log(
      `| ${p.name} | ${mb(p.before)} MB | ${mb(p.peak)} MB | ${mb(p.peak - p.before)} MB | ${(p.wall / 1000).toFixed(2)} s |`,
    );
  }
  console.log('\n| phase | upload | answers | slowest |');
  console.log('| --- | --- | --- | --- |');
  for (const p of phases) {
    const kinds = [...new Set(p.outcomes.map((o) => o.kind))];
    for (const kind of kinds) {
      const mine = p.outcomes.filter((o) => o.kind === kind);
      const answers = new Map<string, number>();
      for (const o of mine) {
        const key = `${o.status}${o.code ? ` ${o.code}` : ''}`;
        answers.set(key, (answers.get(key) ?? 0) + 1);
      }
      const text = [...answers].map(([k, n]) => `${n} × ${k}`).join(', ');
      const slowest = Math.max(...mine.map((o) => o.ms));
      console.log(`| ${p.name} | ${kind} | ${text} | ${(slowest / 1000).toFixed(2)} s |`);
    }
  }
} finally {
  await server.stop();
}
