// Random Full Games, part a: invariants, secrecy, record round trips, legalActions soundness (see helpers/properties.ts).
import { propertySuite } from './helpers/properties.js';

propertySuite('full', 'a');
