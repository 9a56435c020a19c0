import { describeFuzzChunk } from './chunk';

describeFuzzChunk(0);
