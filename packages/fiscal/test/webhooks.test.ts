// The webhook rules: the receiver's URL (HTTPS outside development and test) and the
// retry schedule (exponential back-off, at least 3 days of attempts: Standard Webhooks, "Retries", leaves
// the schedule to the sender and recommends exponential back-off).
import { describe, expect, it } from 'vitest';
import {
  createWebhookSchema,
  WEBHOOK_GIVE_UP_MS,
  webhookRetryDelayMs,
  webhookUrlProblem,
} from '../src/index.ts';

describe('webhookUrlProblem', () => {
  it('takes HTTPS, and plain http only when allowed (development, test)', () => {
    expect(webhookUrlProblem('https://erp.example.com/hooks', false)).toBeNull();
    expect(webhookUrlProblem('http://erp.example.com/hooks', false)).toBe('La URL debe usar HTTPS');
    expect(webhookUrlProblem('http://127.0.0.1:8080/hooks', true)).toBeNull();
  });
  it('refuses what is not a web URL, and credentials in it', () => {
    expect(webhookUrlProblem('erp.example.com', true)).toBe('La URL no es válida');
    expect(webhookUrlProblem('ftp://erp.example.com', true)).toBe('La URL no es válida');
    expect(webhookUrlProblem('https://u:p@erp.example.com', false)).toBe(
      'La URL no debe llevar usuario ni contraseña',
    );
  });
});

describe('webhookRetryDelayMs', () => {
  it('doubles from 10 s up to 6 h', () => {
    expect([1, 2, 3, 4].map(webhookRetryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(webhookRetryDelayMs(50)).toBe(6 * 3600_000);
  });
  it('keeps attempting for at least 3 days: the attempts fit, each day after the first has several', () => {
    let at = 0;
    let attempts = 0;
    while (at < WEBHOOK_GIVE_UP_MS) at += webhookRetryDelayMs(++attempts);
    expect(attempts).toBeGreaterThan(20);
    expect(WEBHOOK_GIVE_UP_MS).toBe(3 * 24 * 3600_000);
  });
});

describe('createWebhookSchema', () => {
  it('needs a company, a URL and at least one known event (duplicates dropped)', () => {
    const ok = createWebhookSchema.parse({
      localidad: '0b5e2c1a-1111-4222-8333-944455556666',
      url: ' https://erp.example.com/h ',
      eventos: ['documento.numerado', 'documento.numerado'],
    });
    expect(ok).toEqual({
      localidad: '0b5e2c1a-1111-4222-8333-944455556666',
      url: 'https://erp.example.com/h',
      eventos: ['documento.numerado'],
    });
    const bad = createWebhookSchema.safeParse({ localidad: 'x', url: '', eventos: ['otro'] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([
      'Razón social no válida',
      'La URL es requerida',
      'Evento no válido',
    ]);
  });
});
