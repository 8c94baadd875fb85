//! stub
use crate::Value;
pub struct BeveError;
pub fn from_beve(_: &[u8]) -> Result<Value, BeveError> {
    Err(BeveError)
}
pub fn to_beve(_: &Value) -> alloc::vec::Vec<u8> {
    alloc::vec::Vec::new()
}
