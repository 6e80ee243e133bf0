export declare const schemaFile: string;
export declare const generatorPackages: string[];
export declare const generatedFiles: string[];
export declare const stampFile: string;
export declare function currentStamp(root: string): string;
export declare function generateIsNeeded(root: string, stamp?: string): boolean;
export declare function writeStamp(root: string, stamp: string): void;
