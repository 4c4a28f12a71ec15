import { z } from 'zod';

// Messages that the spec does not spell out still reach users in Spanish.
z.config(z.locales.es());

export { z };
