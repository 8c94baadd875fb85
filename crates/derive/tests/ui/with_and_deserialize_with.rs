use structio_derive::Json;

mod millis {
    pub fn read(ms: u64) -> Result<std::time::Duration, &'static str> {
        Ok(std::time::Duration::from_millis(ms))
    }
    pub fn write(d: &std::time::Duration) -> u64 {
        d.as_millis() as u64
    }
}

fn other(ms: u64) -> Result<std::time::Duration, &'static str> {
    Ok(std::time::Duration::from_secs(ms))
}

#[derive(Json)]
struct Timing {
    #[structio(with = "millis", deserialize_with = "other")]
    period: std::time::Duration,
}

fn main() {}
