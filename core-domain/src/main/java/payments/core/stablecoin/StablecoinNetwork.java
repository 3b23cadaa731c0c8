package payments.core.stablecoin;

/** The networks a registered stablecoin lives on: the reference names Spark only. */
public enum StablecoinNetwork {
    SPARK
}
