// Random training games: invariants, secrecy, record round trips, legalActions soundness (see helpers/properties.ts).
import { propertySuite } from './helpers/properties.js';

propertySuite('training');
