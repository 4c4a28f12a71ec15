/** The part of unzipper 0.10 the mass load uses (it ships no types): a zip read through its central directory. */
declare module 'unzipper' {
  import type { Readable } from 'node:stream';

  interface CentralDirectoryFile {
    path: string;
    type: 'File' | 'Directory';
    uncompressedSize: number;
    /** The entry inflated as it is read. */
    stream(): Readable;
  }

  const unzipper: {
    Open: { buffer(data: Buffer): Promise<{ files: CentralDirectoryFile[] }> };
  };
  export default unzipper;
}
