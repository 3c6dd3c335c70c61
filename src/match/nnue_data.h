/* --nnue-features FILE: the net's input features of each position of a
 * --datagen file, for the trainer (tools/train_nnue.py; the record format
 * is in doc/tuning.md, "Neural networks"). */
#ifndef NC_NNUE_DATA_H
#define NC_NNUE_DATA_H

#include "options.h"

/* Writes the records to stdout; 0, or 1 after a message. */
int nnue_features_main(const Options *opt);

#endif
