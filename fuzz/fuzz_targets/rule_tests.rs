//! Fuzzes the rule-test runner (`areachess test`) through the body that the stable replay
//! test runs too.
#![no_main]

#[path = "../bodies.rs"]
mod bodies;

libfuzzer_sys::fuzz_target!(init: bodies::warm_up(), |data: &[u8]| bodies::rule_tests(data));
