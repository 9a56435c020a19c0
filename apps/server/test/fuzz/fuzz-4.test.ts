import { describeFuzzChunk } from './chunk';

describeFuzzChunk(3);
