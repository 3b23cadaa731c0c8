package payments.core.wallet;

public enum AuthMethodType {
    PASSKEY, OAUTH, EMAIL_OTP, SMS_OTP;

    public boolean isOtp() {
        return this == EMAIL_OTP || this == SMS_OTP;
    }
}
