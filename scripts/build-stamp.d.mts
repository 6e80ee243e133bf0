export declare const sourceDir: string;
export declare const stampFile: string;
export declare const entryFiles: string[];
export declare function sourceFiles(root: string): string[];
export declare function currentStamp(root: string): string;
export declare function buildIsCurrent(root: string, stamp?: string): boolean;
export declare function writeStamp(root: string, stamp: string): void;
