import { describeFuzzChunk } from './chunk';

describeFuzzChunk(2);
