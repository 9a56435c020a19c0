import { describeFuzzChunk } from './chunk';

describeFuzzChunk(1);
