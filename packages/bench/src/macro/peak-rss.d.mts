/** Peak resident memory of this process image, in MB (see peak-rss.mjs). */
export declare function peakRssMB(): number;
