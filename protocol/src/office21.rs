//! Office 21 wire types.
